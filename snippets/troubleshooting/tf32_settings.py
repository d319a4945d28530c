import torch

# These flags decide whether float32 matmuls and convolutions on a recent NVIDIA GPU may use
# TF32 (about 10 bits of mantissa instead of 23). They can be read on any machine.
print("torch.get_float32_matmul_precision():", torch.get_float32_matmul_precision())
print("torch.backends.cuda.matmul.allow_tf32:", torch.backends.cuda.matmul.allow_tf32)
print("torch.backends.cudnn.allow_tf32:      ", torch.backends.cudnn.allow_tf32)
