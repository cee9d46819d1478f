#include "../../tools/program_build.h"  // forbidden
#include "../engine.h"
