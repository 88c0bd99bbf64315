/** One line a case names: the goods × units, its SKU and, for an exchange, the SKU it goes to. */
export function CaseLine({ line }: { line: { order_line_id: number; name: string; qty: number; spec_text: string; exchange_spec_text?: string | null } }) {
  return (
    <div className="as-line" data-line={line.order_line_id}>
      <div className="as-line-body">
        {line.name} × {line.qty}
        <div className="as-muted">
          {line.spec_text}
          {line.exchange_spec_text && ` → ${line.exchange_spec_text}`}
        </div>
      </div>
    </div>
  );
}
