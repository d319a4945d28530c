import torch

src = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
buf = torch.zeros(3)  # a plain buffer, requires_grad=False
print("before: requires_grad =", buf.requires_grad)

buf.copy_(src)
print("after:  requires_grad =", buf.requires_grad, "| grad_fn:", type(buf.grad_fn).__name__)

(buf * buf).sum().backward()
print("src.grad:", src.grad)

ints = torch.zeros(3, dtype=torch.int64)  # integer tensors cannot require grad
ints.copy_(src)
print("int64 buffer after copy_:", ints.tolist(), "| requires_grad =", ints.requires_grad)

# Views of a plain buffer that refuse the same copy (with grad mode on):
rows = torch.zeros(2, 3)
with torch.no_grad():
    first_row = rows[0]  # a view made under no_grad
for label, view in (("rows.unbind()[0]", rows.unbind()[0]), ("view made under no_grad", first_row)):
    try:
        view.copy_(src)
    except RuntimeError as e:
        print(f"{label}.copy_(src): {type(e).__name__}: {str(e).splitlines()[0]}")
rows[0].copy_(src)  # an ordinary slice, made with grad mode on
print("rows[0].copy_(src): ok | rows.grad_fn:", type(rows.grad_fn).__name__)
