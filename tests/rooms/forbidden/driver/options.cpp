#include "driver/summary.h"
#include "emulator/engine.h"
#include "checkers/race_checker.h"  // forbidden: reports are the driver's, the checkers fill them
