#include "simt/cuda.h"
#include "emulator/engine.h"
#include "checkers/hazard.h"
#include "driver/summary.h"
#include "tools/program_build.h"  // forbidden
