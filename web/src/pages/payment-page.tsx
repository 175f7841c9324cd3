export default function PaymentPage() {
  return <div className="p-6">Payment</div>;
}
