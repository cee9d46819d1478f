// layout
