# One training step of a causal multi-head self-attention block with the widths
# LLMs-from-scratch chapter 3 ends with (GPT-2 small: 768-wide embeddings, 12
# heads), batch 1: forward, a mean-squared loss against a fixed target,
# backward, an AdamW step (issue 30, item 8). The context is 256 tokens, not
# the chapter's 1,024: a 1,024-token step takes about 7 s natively here, so the
# bench's repetitions would take minutes in wasm.
import torch

torch.manual_seed(0)
torch.set_num_threads(1)
B, T, D, H = 1, 256, 768, 12


class CausalSelfAttention(torch.nn.Module):
    def __init__(self, d, heads, context):
        super().__init__()
        self.heads = heads
        self.qkv = torch.nn.Linear(d, 3 * d, bias=False)
        self.proj = torch.nn.Linear(d, d)
        self.register_buffer("mask", torch.triu(torch.ones(context, context), diagonal=1).bool())

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        # (b, t, d) -> (b, heads, t, d / heads)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        scores = (q @ k.transpose(2, 3)).masked_fill(self.mask[:t, :t], float("-inf"))
        weights = torch.softmax(scores / (d // self.heads) ** 0.5, dim=-1)
        ctx = (weights @ v).transpose(1, 2).contiguous().view(b, t, d)
        return self.proj(ctx)


block = CausalSelfAttention(D, H, T)
opt = torch.optim.AdamW(block.parameters(), lr=1e-4)
x = torch.randn(B, T, D)
target = torch.randn(B, T, D)


def step():
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(block(x), target)
    loss.backward()
    opt.step()
    return loss.item()
