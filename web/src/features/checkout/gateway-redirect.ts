/** Off to the gateway's checkout page (a full navigation: the SPA is left, Back returns to it). */
export function toGateway(url: string): void {
  window.location.assign(url);
}
