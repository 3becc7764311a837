/**
 * The /users row action for a seller that is not activated yet (03 §2 "activate"): opens the
 * seller's verification documents, marks them checked and activates. Interface fixed for the
 * /users table; the implementation is being built in issue 11 (seller activation slice).
 */
export type SellerActivationProps = {
  userId: string;
  username: string;
  isActivated: boolean;
};

export function SellerActivationAction(props: SellerActivationProps) {
  void props;
  return null;
}
