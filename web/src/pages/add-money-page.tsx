export default function AddMoneyPage() {
  return <div className="p-6">AddMoney</div>;
}
