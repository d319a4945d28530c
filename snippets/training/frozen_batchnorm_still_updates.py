import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3))
backbone.requires_grad_(False)  # frozen: no parameter requires grad
bn = backbone[1]
x = torch.randn(8, 4)


def run(label):
    before = bn.running_mean.clone()
    backbone(x)
    changed = not torch.equal(before, bn.running_mean)
    print(f"{label:<28} running_mean changed: {changed!s:5} | batches tracked: "
          f"{bn.num_batches_tracked.item()}")


print("any parameter requires grad:", any(p.requires_grad for p in backbone.parameters()))
run("requires_grad_(False):")
with torch.no_grad():
    run("... and under no_grad:")
backbone.eval()
run("... and after .eval():")
model = nn.Sequential(backbone, nn.Linear(3, 1))
model.train()
print("after model.train(): backbone.training is", backbone.training)
