import re

import torch


class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)  # returns a view of its input

    @staticmethod
    def backward(ctx, grad):
        return grad


def attempt(name, make, grad_mode=True):
    w = torch.ones(2, 3, requires_grad=True)
    target = make(w * 2)  # w * 2 is a non-leaf that requires grad
    try:
        with torch.set_grad_enabled(grad_mode):
            target.add_(1)
        print(f"{name:<36} ok")
    except RuntimeError as e:
        first_sentence = re.split(r"(?<=\.)(?=\s|[A-Z])", str(e))[0]
        print(f"{name:<36} {type(e).__name__}: {first_sentence}")


def view_made_under_no_grad(y):
    with torch.no_grad():
        return y[0]


def view_made_under_inference_mode(y):
    with torch.inference_mode():
        return y[0]  # a view of a normal tensor: not an inference tensor


def inference_tensor(y):
    with torch.inference_mode():
        return torch.ones(3)


attempt("y.add_(1)", lambda y: y)
attempt("y[0].add_(1)", lambda y: y[0])
attempt("y.t().add_(1)", lambda y: y.t())
attempt("y.unbind()[0].add_(1)", lambda y: y.unbind()[0])
attempt("y.split(1)[0].add_(1)", lambda y: y.split(1)[0])
attempt("y.chunk(2)[0].add_(1)", lambda y: y.chunk(2)[0])
attempt("y.unbind()[0].add_(1) in no_grad", lambda y: y.unbind()[0], grad_mode=False)
attempt("y.unbind()[0].clone().add_(1)", lambda y: y.unbind()[0].clone())
attempt("view made under no_grad, add_(1)", view_made_under_no_grad)
attempt("view made in inference_mode, add_(1)", view_made_under_inference_mode)
attempt("custom Function's view, add_(1)", Identity.apply)
attempt("inference tensor, add_(1)", inference_tensor)
