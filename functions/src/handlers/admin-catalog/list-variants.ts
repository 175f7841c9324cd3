import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listVariants } from '../../domain/catalog/variants';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListVariants, async () => listVariants(db()));
