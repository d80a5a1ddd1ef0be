class SegOps(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  def segment_sum(self: __torch__.SegOps,
    values: Tensor,
    index: Tensor,
    n: Tensor) -> Tensor:
    shape = [int(n)] + list(values.size())[1:]
    out = torch.zeros(shape, dtype=values.dtype, device=values.device)
    return torch.index_add(out, 0, index, values)
  def segment_max(self: __torch__.SegOps,
    values: Tensor,
    index: Tensor,
    n: Tensor) -> Tensor:
    shape = [int(n)] + list(values.size())[1:]
    out = torch.zeros(shape, dtype=values.dtype, device=values.device)
    spread = index.reshape([-1] + [1] * (values.dim() - 1)).expand_as(values)
    return torch.scatter_reduce(out, 0, spread, values, "amax", include_self=False)
  def segment_softmax(self: __torch__.SegOps,
    logits: Tensor,
    index: Tensor,
    n: Tensor) -> Tensor:
    peak = self.segment_max(logits.detach(), index, n)
    weights = torch.exp(logits - torch.index_select(peak, 0, index))
    total = self.segment_sum(weights, index, n)
    return weights / torch.index_select(total, 0, index)
  def spmm(self: __torch__.SegOps,
    indices: Tensor,
    values: Tensor,
    n: Tensor,
    m: Tensor,
    dense: Tensor) -> Tensor:
    matrix = torch.sparse_coo_tensor(indices, values, [int(n), int(m)])
    return torch.mm(matrix, dense)
