// a hazard
