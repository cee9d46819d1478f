// a checker
