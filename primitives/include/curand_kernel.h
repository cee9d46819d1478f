// curand_kernel.h for the CPU backend: cuRAND's device API for the XORWOW
// (curandState_t), Philox4_32_10 and MRG32k3a generators, giving the
// sequences a GPU gives for the same seeds, subsequences and offsets
// (simt/curand_xorwow.h, curand_philox.h, curand_mrg32k3a.h), and their
// uniform, normal, log-normal and Poisson draws (simt/curand_distributions.h,
// curand_poisson.h): bit for bit, except the normals and log-normals, which
// go through the GPU's approximate math (curand_transforms.h says how near
// they are). Checked against an H200: kernels/api/random_numbers.cu.
// Not here: MTGP32, the Sobol quasi-random generators and the discrete
// distributions, which take tables made by the host library (curand.h).
#pragma once
#define CURAND_KERNEL_H_

#include "simt/curand_transforms.h"
#include "simt/curand_xorwow.h"
#include "simt/curand_philox.h"
#include "simt/curand_mrg32k3a.h"
#include "simt/curand_distributions.h"
#include "simt/curand_poisson.h"
