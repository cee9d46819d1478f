#include "driver/summary.h"
#include "emulator/engine.h"  // forbidden
