#include "tools/program_build.h"
#include "driver/summary.h"
#include "simt_build_config.h"
#include "checkers/race_checker.h"  // forbidden
