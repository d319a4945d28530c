# requires: cuda
import torch

torch.manual_seed(0)
a, b = torch.randn(512, 512, dtype=torch.float64), torch.randn(512, 512, dtype=torch.float64)
exact = a @ b
ga, gb = a.float().cuda(), b.float().cuda()


def max_error(allow_tf32):
    torch.backends.cuda.matmul.allow_tf32 = allow_tf32
    return ((ga @ gb).double().cpu() - exact).abs().max().item()


strict, tf32 = max_error(False), max_error(True)
print("strict float32 error below 1e-3:", strict < 1e-3)
print("TF32 error at least 10x larger: ", tf32 > 10 * strict)
