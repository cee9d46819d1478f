// Planted for check_includes.py --self-test: the engine names no checker.
#include "emulator/engine.h"
#include "checkers/race_checker.h"  // forbidden
#include "../driver/summary.h"  // forbidden: a relative path is no way round
#include <simt/cuda.h>  // forbidden: the engine knows no CUDA names
#include <vector>
