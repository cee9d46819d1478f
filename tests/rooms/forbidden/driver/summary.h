// the summary
