# device layer (filled in by its owner)
