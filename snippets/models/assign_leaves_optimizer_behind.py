import torch
from torch import nn


def step_after_assign():
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    snapshot = {k: v.detach().clone() for k, v in model.state_dict().items()}
    model.load_state_dict(snapshot, assign=True)
    before = model.weight.detach().clone()
    model(torch.randn(4, 3)).sum().backward()
    optimizer.step()
    held = optimizer.param_groups[0]["params"][0] is model.weight
    moved = not torch.equal(model.weight, before)
    print("  optimizer holds model.weight:", held, "| step moved the model:", moved)


print("default:")
step_after_assign()
print("swap_module_params_on_conversion(True):")
torch.__future__.set_swap_module_params_on_conversion(True)
step_after_assign()
torch.__future__.set_swap_module_params_on_conversion(False)  # a process-wide flag: put it back
