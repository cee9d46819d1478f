#!/usr/bin/env bash
# How nvcc treats command-line spellings issue 44 names (its text and status).
cd "$(dirname "$0")"; t=/tmp/nvcli; mkdir -p $t
try() { echo "=== nvcc $*"; nvcc "$@" > $t/out 2>&1; s=$?; head -c 1500 $t/out; echo "status $s"; }
try --version
try -x cu -arch=sm_90 -o $t/a k_as_cpp.cpp; [ -x $t/a ] && $t/a
try -x c++ -c -o $t/b.o k_as_cpp.cpp
try -arch=sm_90 -lib -o $t/libk.a k.cu; ls -la $t/libk.a 2>&1
try -arch=sm_90 --threads 2 -o $t/c k.cu
try -arch=sm_90 -t 2 -o $t/c2 k.cu
try -arch=sm_90 -t2 -o $t/c3 k.cu
try -arch=sm_90 -E k.cu -o $t/k.ii; wc -l $t/k.ii 2>&1
try -arch=sm_90 -E k.cu
try -arch=sm_90 --keep --keep-dir $t/keep -o $t/d k.cu
( mkdir -p $t/kp && cd $t/kp && nvcc -arch=sm_90 --keep -o d $OLDPWD/k.cu > out 2>&1; echo "keep status $?"; ls | head -30 )
try -arch=sm_90 -o $t/e ext_dev.cu
try -arch=sm_90 -c -o $t/e.o ext_dev.cu
try -arch=sm_90 -ccbin g++ -o $t/f k.cu
try -arch=native -o $t/g k.cu
