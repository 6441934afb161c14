"""Dados de exemplo de cada documento: usados nos testes, no bench e para a OM conferir o
seu cabeçalho (`python -m farol.pdf.exemplos PASTA` grava os onze PDFs).

Os textos legais são os do catálogo (RLESTA, seed 002); pessoas, embarcações e números são
fictícios. `auto_extenso` monta o caso de estresse: 12 infrações e nomes e endereços de
mais de 200 caracteres.
"""

from __future__ import annotations

import datetime as dt
import sys
from decimal import Decimal
from pathlib import Path

from farol.pdf.dados import (
    Apreensao,
    Assinatura,
    DadosDocumento,
    Decisao,
    Embarcacao,
    Fato,
    Infracao,
    Lacre,
    Medida,
    OrganizacaoMilitar,
    Parte,
    Penalidade,
    Prazo,
    Referencia,
    TipoDocumento,
    Valor,
    Verificacao,
)

UTC = dt.UTC
RLESTA = "RLESTA (Decreto nº 2.596/1998)"
NORMAM_2023 = "NORMAM (Port. 110/2023)"

OM = OrganizacaoMilitar(
    sigla="CPRJ",
    nome="Capitania dos Portos do Rio de Janeiro",
    municipio="Rio de Janeiro",
    uf="RJ",
    endereco="Rua Dom Manuel, nº 15, Praça XV de Novembro, Centro, CEP 20010-090",
    subordinacao="Comando do 1º Distrito Naval",
    telefone="(21) 2104-5320",
    email="cprj.secom@marinha.mil.br",
)

# (código, dispositivo, texto literal do inciso, penalidade, rubrica do artigo)
CATALOGO: tuple[tuple[str, str, str, str, str | None], ...] = (
    ("RLESTA.11", "art. 11",
     "Conduzir embarcação ou contratar tripulante sem habilitação para operá-la",
     "multa do grupo E", None),
    ("RLESTA.12.II", "art. 12, II",
     "não portar a documentação relativa à habilitação ou ao controle de saúde",
     "multa do grupo B ou suspensão do Certificado de Habilitação até sessenta dias",
     "Infrações relativas à documentação de habilitação ou ao controle de saúde"),
    ("RLESTA.13.II", "art. 13, II",
     "não portar Cartão de Tripulação de Segurança",
     "multa do grupo B ou suspensão do Certificado de Habilitação até cento e vinte dias",
     "Infrações relativas ao Cartão de Tripulação de Segurança"),
    ("RLESTA.14.III", "art. 14, III",
     "não portar Rol de Equipagem ou Rol Portuário",
     "multa do grupo B ou suspensão do Certificado de Habilitação até trinta dias",
     "Infrações relativas ao Rol de Equipagem ou Rol Portuário"),
    ("RLESTA.15.I", "art. 15, I",
     "apresentar-se sem a dotação regulamentar",
     "multa do grupo D ou suspensão do Certificado de Habilitação até sessenta dias",
     "Infrações relativas à dotação de itens e equipamentos de bordo"),
    ("RLESTA.15.III", "art. 15, III",
     "apresentar-se com item ou equipamento da dotação inoperante, em mau estado ou com prazo "
     "de validade vencido",
     "multa do grupo C ou suspensão do Certificado de Habilitação até trinta dias",
     "Infrações relativas à dotação de itens e equipamentos de bordo"),
    ("RLESTA.16.II", "art. 16, II",
     "não portar documento de registro ou de inscrição da embarcação",
     "multa do grupo C ou suspensão do Certificado de Habilitação até trinta dias",
     "Infrações relativas ao registro e inscrição das embarcações"),
    ("RLESTA.17.III", "art. 17, III",
     "deixar de marcar no casco o nome da embarcação e o porto de inscrição",
     "multa do grupo C ou suspensão do Certificado de Habilitação até trinta dias",
     "Infrações relativas à identificação visual da embarcação e demais marcações no casco"),
    ("RLESTA.19.III", "art. 19, III",
     "certificados ou documentos equivalentes exigidos com prazo de validade vencido",
     "multa do grupo C ou suspensão do Certificado de Habilitação até trinta dias",
     "Infrações relativas aos certificados e documentos equivalentes, pertinentes à "
     "embarcação"),
    ("RLESTA.20.I", "art. 20, I",
     "sem as luzes de navegação",
     "multa do grupo C",
     "Infrações relativas aos equipamentos e luzes de navegação"),
    ("RLESTA.21.II", "art. 21, II",
     "equipamentos de combate a incêndio e de proteção contra incêndio inoperantes ou "
     "funcionando precariamente",
     "multa do grupo C ou suspensão do Certificado de Habilitação até sessenta dias",
     "Infrações relativas aos requisitos de funcionamento dos equipamentos"),
    ("RLESTA.23.II", "art. 23, II",
     "trafegar em área reservada a banhistas ou exclusiva para determinado tipo de embarcação",
     "multa do grupo D ou suspensão do Certificado de Habilitação até sessenta dias",
     "Infrações às normas de tráfego"),
)  # fmt: skip


def infracao(codigo: str, constatacao: str | None = None) -> Infracao:
    for cod, dispositivo, texto, penalidade, rubrica in CATALOGO:
        if cod == codigo:
            return Infracao(
                codigo=cod,
                norma=RLESTA,
                dispositivo=dispositivo,
                texto=texto,
                penalidade=penalidade,
                rubrica=rubrica,
                constatacao=constatacao,
            )
    raise KeyError(codigo)


CONDUTOR = Parte(
    papel="Autuado",
    nome="José Carlos de Oliveira Araújo",
    documento="52998224725",
    endereco="Avenida Atlântica, nº 1.702, apartamento 801, Copacabana, Rio de Janeiro/RJ, "
    "CEP 22021-001",
    qualificacao="condutor da embarcação",
    habilitacao="CHA nº 123456789 — Arrais-Amador, válida até 12/08/2027",
)
PROPRIETARIA = Parte(
    papel="Proprietário",
    nome="Náutica Guanabara Passeios Turísticos Ltda.",
    documento="11222333000181",
    endereco="Rua da Assembleia, nº 10, sala 2.301, Centro, Rio de Janeiro/RJ, CEP 20011-901",
    qualificacao="proprietária e armadora",
)
LANCHA = Embarcacao(
    nome="Estrela do Mar III",
    inscricao="381-012345-6",
    tipo="lancha",
    atividade="esporte e recreio",
    porto_inscricao="Rio de Janeiro/RJ",
    caracteristicas="casco de fibra de vidro, cor branca com faixa azul, 8,5 m, motor de "
    "popa 2 × 150 HP",
)
FATO = Fato(
    data_hora=dt.datetime(2025, 3, 5, 17, 30, tzinfo=UTC),  # 14h30 em Brasília
    local="Baía de Guanabara, a cerca de 200 m da Praia de Icaraí, Niterói/RJ",
    descricao="Durante Inspeção Naval de rotina, a embarcação foi abordada navegando com "
    "seis pessoas a bordo.\nO condutor não apresentou a CHA e a dotação de coletes "
    "salva-vidas estava incompleta.",
)
INSPETOR = Assinatura(
    papel="Inspetor Naval", nome="Ana Paula Ribeiro Costa", cargo="Primeiro-Tenente (RM2-T)"
)
AUTORIDADE = Assinatura(
    papel="Autoridade Competente",
    nome="Ricardo Mendes Albuquerque",
    cargo="Capitão de Corveta — Autoridade Competente da CPRJ",
)
CAPITAO = Assinatura(
    papel="Capitão dos Portos",
    nome="Fernando Augusto Lima Siqueira",
    cargo="Capitão de Mar e Guerra — Capitão dos Portos do Rio de Janeiro",
)
APREENSAO = Apreensao(
    data_hora=dt.datetime(2025, 3, 5, 18, 10, tzinfo=UTC),
    local_recolhimento="Pátio da Estação Naval do Rio de Janeiro, Ilha de Mocanguê, Niterói/RJ",
    motivo="Condução por pessoa não habilitada, com a embarcação navegando (NORMAM, item 3.8.1 b).",
    fundamento="LESTA, art. 16, II; NORMAM (Port. 110/2023), item 3.8.1",
    numero_auto="AAP-0042/2025",
)
LACRES = (
    Lacre(numero="MB-0045871", tipo="lacre plástico numerado", local_aplicacao="chave "
          "geral do painel de comando"),
    Lacre(numero="MB-0045872", tipo="lacre plástico numerado", local_aplicacao="tampa do "
          "tanque de combustível"),
)  # fmt: skip
BENS = (
    "Certificado de Inscrição (TIE) nº 381-012345-6",
    "06 (seis) coletes salva-vidas classe III",
    "01 (um) extintor de incêndio de pó químico, 4 kg",
    "Chave de ignição com chaveiro flutuante",
)
RELATORIO = (
    "Trata-se do Auto de Infração nº AI-0123/2025, lavrado em 20/03/2025 contra o autuado "
    "acima qualificado, por conduzir a embarcação Estrela do Mar III sem portar a CHA e "
    "com a dotação de coletes incompleta.\n"
    "O autuado tomou ciência do Auto em 20/03/2025 e apresentou defesa tempestiva em "
    "08/04/2025, alegando que a CHA estava em poder da marina e que os coletes faltantes "
    "haviam sido retirados para manutenção."
)
FUNDAMENTACAO = (
    "A defesa não trouxe prova de que a CHA estivesse válida e à disposição do condutor no "
    "momento da abordagem; o RLESTA exige que a documentação de habilitação seja portada.\n"
    "Quanto à dotação, a retirada de coletes para manutenção não dispensa a embarcação de "
    "apresentar a dotação regulamentar completa ao navegar.\n"
    "Não há registro de infração anterior do autuado nos últimos doze meses, pelo que não "
    "incide a reincidência (RLESTA, art. 10)."
)


def _prazo(etapa: str, vencimento: dt.date, fundamento: str, contagem: str) -> Prazo:
    return Prazo(etapa=etapa, vencimento=vencimento, fundamento=fundamento, contagem=contagem)


def _verificacao(codigo: str) -> Verificacao:
    return Verificacao(codigo=codigo, url=f"https://farol.example.mar.mil.br/verificar/{codigo}")


def exemplo(tipo: TipoDocumento) -> DadosDocumento:
    """Um documento completo e plausível do tipo pedido."""
    base: dict[str, object] = {
        "tipo": tipo,
        "numero_processo": "64111.000123/2025-07",
        "om": OM,
        "data_emissao": dt.date(2025, 3, 20),
        "verificacao": _verificacao(f"FRL{tipo.value[:3].upper()}7K3Q9M2X"),
    }
    extra: dict[str, object]
    t = TipoDocumento
    if tipo is t.notificacao_comparecimento:
        extra = {
            "numero_documento": "NC-0077/2025",
            "data_emissao": dt.date(2025, 3, 5),
            "interessados": (CONDUTOR.model_copy(update={"papel": "Notificado"}),),
            "embarcacao": LANCHA,
            "fato": FATO,
            "infracoes": (infracao("RLESTA.12.II"), infracao("RLESTA.15.I")),
            "prazos": (
                _prazo(
                    "Comparecimento para esclarecimentos",
                    dt.date(2025, 3, 17),
                    f"{NORMAM_2023}, item 3.6.1",
                    "8 dias úteis",
                ),
            ),
            "assinaturas": (INSPETOR, Assinatura(papel="Notificado", nome=CONDUTOR.nome)),
        }
    elif tipo is t.auto_de_infracao:
        extra = {
            "numero_documento": "AI-0123/2025",
            "interessados": (CONDUTOR,),
            "embarcacao": LANCHA,
            "fato": FATO,
            "infracoes": (infracao("RLESTA.12.II"), infracao("RLESTA.15.I")),
            "medidas": (
                Medida(
                    descricao="Retirada de tráfego da embarcação",
                    fundamento="LESTA, art. 16, II; NORMAM (Port. 110/2023), item 3.7.3",
                ),
            ),
            "prazos": (
                _prazo(
                    "Apresentação de defesa",
                    dt.date(2025, 4, 10),
                    f"LESTA, art. 23, § 1º; {NORMAM_2023}, item 3.6.3 a",
                    "15 dias úteis a partir do dia seguinte à ciência",
                ),
            ),
            "referencias": (
                Referencia(
                    documento="Notificação para Comparecimento",
                    numero="NC-0077/2025",
                    data=dt.date(2025, 3, 5),
                ),
            ),
            "assinaturas": (
                Assinatura(
                    papel="Agente da Autoridade Marítima (autuante)",
                    nome=INSPETOR.nome,
                    cargo=INSPETOR.cargo,
                ),
                Assinatura(papel="Autuado", nome=CONDUTOR.nome, recusou=True),
                Assinatura(
                    papel="Testemunha 1", nome="Carlos Eduardo Pinto", documento="11144477735"
                ),
            ),
        }
    elif tipo is t.auto_de_apreensao:
        extra = {
            "numero_documento": "AAP-0042/2025",
            "data_emissao": dt.date(2025, 3, 5),
            "interessados": (CONDUTOR.model_copy(update={"papel": "Responsável"}),),
            "embarcacao": LANCHA,
            "fato": FATO,
            "apreensao": APREENSAO,
            "infracoes": (infracao("RLESTA.11"),),
            "bens": BENS,
            "lacres": LACRES,
            "prazos": (
                _prazo(
                    "Sanar a irregularidade que determinou a apreensão",
                    dt.date(2025, 6, 3),
                    "LESTA, art. 17, § 2º",
                    "90 dias corridos",
                ),
            ),
            "assinaturas": (INSPETOR, Assinatura(papel="Responsável", nome=CONDUTOR.nome)),
        }
    elif tipo is t.tipo_de_lacre:
        extra = {
            "numero_documento": "LAC-0042/2025",
            "data_emissao": dt.date(2025, 3, 5),
            "embarcacao": LANCHA,
            "apreensao": APREENSAO,
            "lacres": LACRES,
            "assinaturas": (INSPETOR, Assinatura(papel="Responsável", nome=CONDUTOR.nome)),
        }
    elif tipo is t.termo_fiel_depositario:
        extra = {
            "numero_documento": "TFD-0042/2025",
            "data_emissao": dt.date(2025, 3, 5),
            "interessados": (PROPRIETARIA.model_copy(update={"papel": "Fiel depositário"}),),
            "embarcacao": LANCHA,
            "apreensao": APREENSAO,
            "bens": BENS,
            "assinaturas": (
                Assinatura(
                    papel="Fiel depositário",
                    nome=PROPRIETARIA.nome,
                    documento=PROPRIETARIA.documento,
                ),
                INSPETOR,
            ),
        }
    elif tipo is t.notificacao_retirada:
        extra = {
            "numero_documento": "NR-0011/2025",
            "data_emissao": dt.date(2025, 4, 2),
            "interessados": (PROPRIETARIA,),
            "embarcacao": LANCHA,
            "apreensao": APREENSAO.model_copy(update={"irregularidades_sanadas": True}),
            "prazos": (
                _prazo(
                    "Retirada da embarcação",
                    dt.date(2025, 4, 17),
                    "LESTA, art. 17, § 2º; NORMAM-07/DPC, item 0309",
                    "15 dias corridos",
                ),
            ),
            "valores": (
                Valor(
                    descricao="Despesas de recolhimento e guarda",
                    valor=Decimal("845.50"),
                    fundamento="LESTA, art. 18; NORMAM-07/DPC, item 0311",
                ),
            ),
            "assinaturas": (AUTORIDADE,),
        }
    elif tipo is t.edital_convocacao:
        extra = {
            "numero_documento": "EC-0003/2025",
            "data_emissao": dt.date(2025, 4, 20),
            "embarcacao": LANCHA,
            "apreensao": APREENSAO.model_copy(update={"irregularidades_sanadas": False}),
            "prazos": (
                _prazo(
                    "Comparecimento para sanar as irregularidades e retirar a embarcação",
                    dt.date(2025, 6, 3),
                    "LESTA, art. 17, § 2º; NORMAM-07/DPC, item 0309",
                    "90 dias da apreensão",
                ),
            ),
            "assinaturas": (CAPITAO,),
        }
    elif tipo is t.termo_entrega_embarcacao:
        extra = {
            "numero_documento": "TE-0009/2025",
            "data_emissao": dt.date(2025, 4, 15),
            "interessados": (
                Parte(
                    papel="Recebedor",
                    nome="Roberto Almeida Sales",
                    documento="11144477735",
                    qualificacao="preposto da proprietária, com procuração específica",
                    endereco=PROPRIETARIA.endereco,
                ),
            ),
            "embarcacao": LANCHA,
            "apreensao": APREENSAO,
            "bens": BENS,
            "valores": (
                Valor(
                    descricao="Despesas de recolhimento e guarda",
                    valor=Decimal("845.50"),
                    fundamento="NORMAM-07/DPC, item 0312 a 2",
                ),
                Valor(
                    descricao="Multa do AI-0123/2025",
                    valor=Decimal("1600.00"),
                    fundamento="NORMAM-07/DPC, item 0312 a 3",
                ),
            ),
            "assinaturas": (
                Assinatura(
                    papel="Recebedor", nome="Roberto Almeida Sales", documento="11144477735"
                ),
                INSPETOR,
            ),
        }
    elif tipo is t.decisao_julgamento:
        extra = {
            "numero_documento": "DJ-0051/2025",
            "data_emissao": dt.date(2025, 5, 6),
            "interessados": (CONDUTOR,),
            "embarcacao": LANCHA,
            "infracoes": (infracao("RLESTA.12.II"), infracao("RLESTA.15.I")),
            "decisao": Decisao(
                instancia="1ª instância — julgamento do Auto de Infração",
                autoridade="Autoridade Competente da CPRJ",
                resultado="PROCEDENTE",
                relatorio=RELATORIO,
                fundamentacao=FUNDAMENTACAO,
                dispositivo="Ante o exposto, JULGO PROCEDENTE o Auto de Infração nº "
                "AI-0123/2025 e aplico ao autuado as penalidades abaixo.",
            ),
            "penalidades": (
                Penalidade(
                    codigo_infracao="RLESTA.12.II",
                    descricao="Multa (grupo B)",
                    valor=Decimal("1600.00"),
                    fundamento="RLESTA, art. 12, II, e Anexo II",
                ),
                Penalidade(
                    codigo_infracao="RLESTA.15.I",
                    descricao="Multa (grupo D)",
                    valor=Decimal("600.35"),
                    fundamento="RLESTA, art. 15, I, e Anexo II",
                ),
            ),
            "prazos": (
                _prazo(
                    "Recurso ao Capitão dos Portos",
                    dt.date(2025, 5, 15),
                    f"LESTA, art. 24, § 1º; {NORMAM_2023}, item 3.6.4 a",
                    "5 dias úteis a partir do dia seguinte à ciência",
                ),
                _prazo(
                    "Pagamento da multa",
                    dt.date(2025, 5, 23),
                    f"LESTA, art. 32; {NORMAM_2023}, item 3.6.3 d",
                    "15 dias corridos",
                ),
            ),
            "referencias": (
                Referencia(
                    documento="Auto de Infração", numero="AI-0123/2025", data=dt.date(2025, 3, 20)
                ),
            ),
            "assinaturas": (AUTORIDADE,),
        }
    elif tipo is t.decisao_recurso:
        extra = {
            "numero_documento": "DR-0019/2025",
            "data_emissao": dt.date(2025, 6, 10),
            "interessados": (CONDUTOR.model_copy(update={"papel": "Recorrente"}),),
            "infracoes": (infracao("RLESTA.12.II"),),
            "decisao": Decisao(
                instancia="Recurso em 1ª instância administrativa",
                autoridade="Capitão dos Portos do Rio de Janeiro",
                resultado="Recurso conhecido e não provido",
                relatorio=RELATORIO,
                fundamentacao=FUNDAMENTACAO,
                dispositivo="Conheço do recurso e, no mérito, NEGO-LHE PROVIMENTO, mantendo "
                "a decisão recorrida por seus próprios fundamentos.",
            ),
            "penalidades": (
                Penalidade(
                    codigo_infracao="RLESTA.12.II",
                    descricao="Multa (grupo B)",
                    valor=Decimal("1600.00"),
                    fundamento="RLESTA, art. 12, II, e Anexo II",
                ),
            ),
            "prazos": (
                _prazo(
                    "Recurso em última instância ao Diretor de Portos e Costas",
                    dt.date(2025, 6, 18),
                    f"{NORMAM_2023}, item 3.6.5",
                    "5 dias úteis",
                ),
            ),
            "referencias": (
                Referencia(
                    documento="Decisão de Julgamento",
                    numero="DJ-0051/2025",
                    data=dt.date(2025, 5, 6),
                ),
            ),
            "assinaturas": (CAPITAO,),
        }
    else:  # notificação para pagamento
        extra = {
            "numero_documento": "NP-0030/2025",
            "data_emissao": dt.date(2025, 5, 8),
            "interessados": (CONDUTOR.model_copy(update={"papel": "Notificado"}),),
            "infracoes": (infracao("RLESTA.12.II"), infracao("RLESTA.15.I")),
            "valores": (
                Valor(
                    descricao="Multa — RLESTA.12.II",
                    valor=Decimal("1600.00"),
                    fundamento="DJ-0051/2025",
                ),
                Valor(
                    descricao="Multa — RLESTA.15.I",
                    valor=Decimal("600.35"),
                    fundamento="DJ-0051/2025",
                ),
            ),
            "prazos": (
                _prazo(
                    "Pagamento da multa",
                    dt.date(2025, 5, 23),
                    f"LESTA, art. 32; {NORMAM_2023}, item 3.6.3 d",
                    "15 dias corridos",
                ),
            ),
            "referencias": (
                Referencia(
                    documento="Decisão de Julgamento",
                    numero="DJ-0051/2025",
                    data=dt.date(2025, 5, 6),
                ),
            ),
            "assinaturas": (AUTORIDADE,),
        }
    return DadosDocumento.model_validate({**base, **extra})


NOME_LONGO = (
    "Maria Auxiliadora da Conceição Gonçalves de Albuquerque Cavalcanti Wanderley Bezerra de "
    "Menezes Brandão Figueiredo Magalhães Junqueira Villela Ribeiro do Amaral Peixoto "
    "Vasconcellos de Assunção Sant'Anna"
)
ENDERECO_LONGO = (
    "Estrada Municipal Professor Doutor Joaquim Antônio de Nóbrega e Sá Pereira Guimarães, "
    "nº 12.345, Lote 7, Quadra 22, Condomínio Recanto das Águas Claras da Lagoa de Araruama, "
    "Bloco C, apartamento 1.402, Bairro São João Batista, Araruama/RJ, CEP 28970-000"
)


def auto_extenso(n_infracoes: int = 12) -> DadosDocumento:
    """Auto de Infração de estresse: `n_infracoes` infrações, nome e endereço com 200+ letras."""
    codigos = [c[0] for c in CATALOGO]
    infracoes = tuple(
        infracao(
            codigos[i % len(codigos)],
            constatacao=f"Constatação {i + 1}: situação verificada a bordo pelo Inspetor "
            "Naval, registrada em fotografia anexada ao processo e descrita no relatório "
            "de inspeção, com indicação do local exato e das pessoas presentes.",
        )
        for i in range(n_infracoes)
    )
    autuado = Parte(
        papel="Autuado",
        nome=NOME_LONGO,
        documento="52998224725",
        endereco=ENDERECO_LONGO,
        qualificacao="proprietária e condutora da embarcação",
        habilitacao="CHA nº 987654321 — Motonauta e Arrais-Amador",
    )
    frase = (
        "Durante a abordagem foram verificados todos os documentos e equipamentos de bordo, "
        "na presença do condutor e dos passageiros."
    )
    descricao = FATO.descricao + "\n" + " ".join([frase] * 6)
    base = exemplo(TipoDocumento.auto_de_infracao)
    return base.model_copy(
        update={
            "interessados": (autuado,),
            "infracoes": infracoes,
            "fato": FATO.model_copy(update={"descricao": descricao}),
            "observacoes": f"Autuado de nome e endereço extensos: {NOME_LONGO}; {ENDERECO_LONGO}",
        }
    )


def main(argv: list[str]) -> int:
    """Grava os onze PDFs de exemplo (e o Auto extenso) na pasta indicada."""
    from farol.pdf.renderizador import renderizar

    pasta = Path(argv[1] if len(argv) > 1 else "artefatos/documentos")
    pasta.mkdir(parents=True, exist_ok=True)
    for tipo in TipoDocumento:
        (pasta / f"{tipo.value}.pdf").write_bytes(renderizar(exemplo(tipo)))
    (pasta / "auto_de_infracao_extenso.pdf").write_bytes(renderizar(auto_extenso()))
    print(f"PDFs gravados em {pasta}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
