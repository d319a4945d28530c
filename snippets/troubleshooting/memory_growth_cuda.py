# requires: cuda
import torch


def allocated_after_each_step(keep_graph):
    torch.manual_seed(0)
    model = torch.nn.Linear(1024, 1024).cuda()
    total, sizes = 0, []
    for _ in range(4):
        loss = model(torch.randn(256, 1024, device="cuda")).pow(2).mean()
        total = total + (loss if keep_graph else loss.item())
        del loss
        torch.cuda.synchronize()
        sizes.append(torch.cuda.memory_allocated())
    return sizes


grows = allocated_after_each_step(keep_graph=True)
flat = allocated_after_each_step(keep_graph=False)
grew = [later > earlier for earlier, later in zip(grows, grows[1:], strict=False)]
print("total += loss:        grows every step:", all(grew))
print("total += loss.item(): stays flat:      ", len(set(flat[1:])) == 1)
