import os
import tempfile

import torch

big = torch.zeros(1000, 1000)
row = big[0]  # a view: 1000 floats of a 1,000,000-float storage

with tempfile.TemporaryDirectory() as folder:
    view_file = os.path.join(folder, "row_view.pt")
    clone_file = os.path.join(folder, "row_clone.pt")
    torch.save(row, view_file)
    torch.save(row.clone(), clone_file)
    print("row bytes:            ", row.numel() * row.element_size())
    print("file of the view:     ", os.path.getsize(view_file))
    print("file of row.clone():  ", os.path.getsize(clone_file))
    loaded = torch.load(view_file)
    print("loaded view's storage:", loaded.untyped_storage().nbytes(), "bytes")
