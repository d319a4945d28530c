import torch

w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    made_no_grad = torch.full((2,), 3.0)
normal = torch.zeros(2)
with torch.inference_mode():
    made_inference = torch.full((2,), 3.0)
    view_of_normal = normal[:1]  # a view of a tensor made outside
    normal.add_(1)  # an in-place write into a tensor made outside

print("made under no_grad,        is_inference():", made_no_grad.is_inference())
print("made under inference_mode, is_inference():", made_inference.is_inference())
print("  but a view of a normal tensor:", view_of_normal.is_inference())
print("  and a normal tensor after add_:", normal.is_inference())

(w * made_no_grad).sum().backward()
print("no_grad tensor times w, w.grad:", w.grad)

print("inference tensor plus w:", type((w + made_inference).grad_fn).__name__)
try:
    w * made_inference  # multiplication must save its inputs for backward
except RuntimeError as e:
    print("inference tensor times w:", type(e).__name__ + ": " + str(e).splitlines()[0])

w.grad = None
(w * made_inference.clone()).sum().backward()
print("after .clone(), w.grad:", w.grad)
