#include "simt/cuda.h"
#include "emulator/engine.h"
#include "checkers/race_checker.h"
#include "driver/summary.h"
#include "tools/program_build.h"  // forbidden
