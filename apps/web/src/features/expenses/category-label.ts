/** "stock purchase" → "Stock purchase"; a business's own category is shown as its CEO wrote it. */
export function categoryLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
