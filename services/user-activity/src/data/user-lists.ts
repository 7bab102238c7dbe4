import type { Model } from 'mongoose';

/** Every document of a user, newest first by `field`, then by _id. */
export function newestOfUser<T extends { userId: string | null }>(
  model: Model<T>,
  userId: string,
  field: keyof T & string,
): Promise<T[]> {
  return model
    .find({ userId })
    .sort({ [field]: -1, _id: -1 })
    .lean<T[]>()
    .exec();
}
