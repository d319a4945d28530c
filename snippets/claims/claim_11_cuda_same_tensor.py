# requires: cuda
import torch

g = torch.ones(3, device="cuda")
print("g.cuda() is g:      ", g.cuda() is g)
print("g.to('cuda') is g:  ", g.to("cuda") is g)
print("g.to(g.device) is g:", g.to(g.device) is g)
c = torch.ones(3)
moved = c.cuda()
print("c.cuda(): new tensor:", moved is not c, "| on", moved.device.type, "| c still on", c.device)
