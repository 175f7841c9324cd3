export default function PaymentSuccessPage() {
  return <div className="p-6">PaymentSuccess</div>;
}
