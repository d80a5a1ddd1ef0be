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
  def gather_rows(self: __torch__.SegOps,
    values: Tensor,
    index: Tensor) -> Tensor:
    return torch.index_select(torch.contiguous(values), 0, index)
  def attend(self: __torch__.SegOps,
    logits: Tensor,
    table: Tensor,
    rows: Tensor,
    index: Tensor,
    order: Tensor,
    offsets: Tensor,
    n: Tensor,
    dropout: Tensor,
    train: Tensor) -> Tensor:
    weights = self.segment_softmax(logits, index, n)
    weights = torch.dropout(weights, float(dropout), bool(train))
    sorted_weights = torch.index_select(weights, 0, order)
    sorted_rows = torch.index_select(rows, 0, order)
    sums = annotate(List[Tensor], [])
    for head in range(int(table.size(1))):
      slice = torch.contiguous(torch.select(table, 1, head))
      scale = torch.contiguous(torch.select(sorted_weights, 1, head))
      bags = torch.embedding_bag(slice, sorted_rows, offsets, False, 0, False, scale, True)
      sums.append(bags[0])
    return torch.reshape(torch.stack(sums, 1), [int(n), -1])
