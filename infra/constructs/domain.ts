/**
 * The API's own domain: a regional API Gateway domain name with the ACM certificate of context
 * certificateArn and the TLS 1.2 security policy, mapped (at its root) to the stage. The DNS
 * record is the operator's: the outputs name its target (docs/deploy.md, The custom domain).
 * Added in the stack's own scope (see data.ts for why).
 */
import { CfnOutput, type Stack } from 'aws-cdk-lib';
import {
  ApiMapping,
  DomainName,
  EndpointType,
  type HttpApi,
  type HttpStage,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { CustomDomainConfig } from '../config';

export class CustomDomain {
  readonly domainName: DomainName;

  constructor(stack: Stack, custom: CustomDomainConfig, api: HttpApi, stage: HttpStage) {
    this.domainName = new DomainName(stack, 'CustomDomain', {
      domainName: custom.domainName,
      certificate: Certificate.fromCertificateArn(stack, 'CustomDomainCertificate', custom.certificateArn),
      endpointType: EndpointType.REGIONAL,
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    new ApiMapping(stack, 'CustomDomainMapping', { api, domainName: this.domainName, stage });
    new CfnOutput(stack, 'CustomDomainTarget', {
      value: this.domainName.regionalDomainName,
      description: `DNS: a CNAME record from ${custom.domainName} to this name (or a Route 53 alias A record)`,
    });
    new CfnOutput(stack, 'CustomDomainHostedZoneId', {
      value: this.domainName.regionalHostedZoneId,
      description: 'The hosted zone of CustomDomainTarget, for a Route 53 alias record',
    });
  }
}
