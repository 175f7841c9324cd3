export default function MyOrdersPage() {
  return <div className="p-6">MyOrders</div>;
}
