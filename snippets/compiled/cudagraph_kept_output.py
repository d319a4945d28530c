# requires: cuda
import torch


def double(x):
    return x * 2


def show(name, tensor):
    try:
        print(f"{name}: {tensor.tolist()}")
    except RuntimeError as error:  # the message goes on with a stack trace
        print(f"{name}: RuntimeError: {str(error).split('. Stack trace')[0]}")


compiled = torch.compile(double, mode="reduce-overhead")  # CUDA graphs
x = torch.ones(3, device="cuda")

warm_up = compiled(x)  # first call: runs without a graph
compiled(x)  # second call: records the graph
show("output of the first call, read after the second", warm_up)

for _ in range(3):
    compiled(x)  # replays
kept = compiled(x)
detached, cloned = kept.detach(), kept.clone()
newer = compiled(torch.full((3,), 5.0, device="cuda"))
print("the next call returned the kept tensor itself:", newer is kept)
show("kept output", kept)
show("its detach()", detached)
show("its clone(), made before the next call", cloned)
