// the engine
