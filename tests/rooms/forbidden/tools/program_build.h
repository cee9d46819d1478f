// a tool
