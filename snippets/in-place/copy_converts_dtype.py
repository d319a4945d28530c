import torch

src = torch.tensor([0.1, -2.7, 3.99, 1e40], dtype=torch.float64)

as_f32 = torch.zeros(4, dtype=torch.float32).copy_(src)
print("float32:", as_f32.tolist())

as_int = torch.zeros(3, dtype=torch.int64).copy_(src[:3])  # 1e40 does not fit an int64
print("int64:  ", as_int.tolist())

as_bool = torch.zeros(4, dtype=torch.bool).copy_(torch.tensor([0.0, 0.5, -2.0, 0.0]))
print("bool:   ", as_bool.tolist())
print("dtypes kept:", as_f32.dtype, as_int.dtype, as_bool.dtype)
