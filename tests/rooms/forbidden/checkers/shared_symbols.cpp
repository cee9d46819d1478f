#include "checkers/race_checker.h"
#include "emulator/engine.h"
#include "driver/summary.h"
#include "primitives/include/simt/shared_array.h"
#include "primitives/include/simt/cuda.h"  // forbidden: the table allows shared_array.h alone
