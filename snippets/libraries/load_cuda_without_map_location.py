# requires: cuda
import io

import torch

buffer = io.BytesIO()
torch.save({"weight": torch.ones(2, 2, device="cuda:0")}, buffer)

buffer.seek(0)
print("no map_location:", torch.load(buffer)["weight"].device)
buffer.seek(0)
print("map_location='cpu':", torch.load(buffer, map_location="cpu")["weight"].device)
buffer.seek(0)
rank = torch.cuda.device_count() - 1  # the last GPU stands in for this process's own
on_rank = torch.load(buffer, map_location=f"cuda:{rank}")["weight"].device
print("map_location=f'cuda:{rank}' is the last GPU:", on_rank == torch.device("cuda", rank))
