#pragma once
void report(float sum);
