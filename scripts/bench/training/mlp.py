# One training step of a small MLP (issue 30, item 8): forward, cross-entropy,
# backward, an Adam step. 64 -> 128 -> 10, a batch of 32.
import torch

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
x = torch.randn(32, 64)
y = torch.randint(0, 10, (32,))


def step():
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()
