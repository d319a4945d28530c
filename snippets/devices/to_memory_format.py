import torch

cl = torch.channels_last
batch = torch.zeros(2, 3, 4, 4).to(memory_format=cl)  # already channels_last
matrix_t = torch.zeros(3, 4).t()  # transposed: not contiguous
one_channel = torch.zeros(2, 1, 4, 4)  # C=1: contiguous, and channels_last as well

print(
    "channels_last batch, .to(memory_format=channels_last) is it:",
    batch.to(memory_format=cl) is batch,
)
same = matrix_t.to(memory_format=torch.contiguous_format)
print(
    "matrix.t(), .to(memory_format=contiguous_format) is it:",
    same is matrix_t,
    "| contiguous:",
    same.is_contiguous(),
)
print("matrix.t(), .contiguous() is it:", matrix_t.contiguous() is matrix_t)
print(
    "C=1 batch is channels_last:",
    one_channel.is_contiguous(memory_format=cl),
    "| .to(memory_format=channels_last) is it:",
    one_channel.to(memory_format=cl) is one_channel,
)
