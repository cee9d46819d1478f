// The seed documents' kernels (kernels/seeds/) through `simt run`: outputs and reports.
#include "cli_support.h"
