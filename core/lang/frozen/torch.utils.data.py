# torch.utils.data: datasets, samplers and the DataLoader (their modules:
# torch.utils.data.dataset, .sampler, .dataloader).
from torch.utils.data.dataset import (ChainDataset, ConcatDataset, Dataset, IterableDataset, StackDataset, Subset,
                                      TensorDataset, random_split)
from torch.utils.data.sampler import (BatchSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler,
                                      WeightedRandomSampler)
from torch.utils.data.dataloader import DataLoader, default_collate, default_convert, get_worker_info
from torch.utils.data import dataloader, dataset, sampler
