// Cache-hinted loads and stores (__ldg and the __ld*/__st* family). On a CPU
// there is one cache hierarchy: each is a plain access, observed like any
// other (a race or an out-of-bounds __ldg is still reported).
#pragma once

template <class T>
inline T __ldg(const T* p) { return *p; }
template <class T>
inline T __ldcg(const T* p) { return *p; }
template <class T>
inline T __ldca(const T* p) { return *p; }
template <class T>
inline T __ldcs(const T* p) { return *p; }
template <class T>
inline T __ldlu(const T* p) { return *p; }
template <class T>
inline T __ldcv(const T* p) { return *p; }

template <class T>
inline void __stwb(T* p, T value) { *p = value; }
template <class T>
inline void __stcg(T* p, T value) { *p = value; }
template <class T>
inline void __stcs(T* p, T value) { *p = value; }
template <class T>
inline void __stwt(T* p, T value) { *p = value; }
