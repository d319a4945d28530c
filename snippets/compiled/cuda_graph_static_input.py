# requires: cuda
import torch

python_calls = 0


def step(x):
    global python_calls
    python_calls += 1  # Python: runs while the graph is captured, never on replay
    return x * 2


static_x = torch.zeros(3, device="cuda")
side = torch.cuda.Stream()  # warm up on a side stream before capturing
side.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(side):
    step(static_x)
torch.cuda.current_stream().wait_stream(side)

graph = torch.cuda.CUDAGraph()
with torch.cuda.graph(graph):
    static_y = step(static_x)
print("Python calls after warm-up and capture:", python_calls)

static_x.copy_(torch.tensor([1.0, 2.0, 3.0]))
graph.replay()
print("after copy_ into the static input:", static_y.tolist())

new_input = torch.tensor([10.0, 20.0, 30.0], device="cuda")
graph.replay()  # new_input is not in the graph: it reads static_x again
print("a new tensor, not copied in:", static_y.tolist())

kept, kept_clone = static_y, static_y.clone()
static_x.copy_(new_input)
graph.replay()
print("after copy_ of the new tensor:", static_y.tolist())
print("kept output:", kept.tolist(), "| its clone:", kept_clone.tolist())
print("Python calls after three replays:", python_calls)
