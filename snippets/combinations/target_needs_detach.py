import torch

x = torch.tensor([1.0, 2.0])
for name, make_target in {
    "clone()": lambda t: t.clone(),
    "detach().clone()": lambda t: t.detach().clone(),
}.items():
    teacher = torch.tensor(3.0, requires_grad=True)
    student = torch.tensor(1.0, requires_grad=True)
    target = make_target(teacher * x)  # what the student should match
    loss = ((student * x - target) ** 2).mean()
    loss.backward()
    print(
        f"target made with {name:<17} student.grad: {student.grad.item():>6}"
        f" | teacher.grad: {teacher.grad}"
    )
