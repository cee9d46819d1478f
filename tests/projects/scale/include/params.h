#pragma once
#define BLOCK 64
#ifndef OFFSET
#define OFFSET 0.0f
#endif
