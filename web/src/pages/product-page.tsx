export default function ProductPage() {
  return <div className="p-6">Product</div>;
}
